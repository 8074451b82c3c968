import { SUPPORT_CONTACT } from '@pravesh/core/support/contact.ts';

/** Contact Us (spec 001 §2 support tab): phone, email, escalation and the registered office. */
export function ContactUs() {
  const { phone, email, grievance, office } = SUPPORT_CONTACT;
  return (
    <div className="sup-contact">
      <h2 className="ma-card-title">Talk to us</h2>
      <dl className="ma-facts sup-contact-facts">
        <div>
          <dt>Call us</dt>
          <dd>
            <a href={`tel:${phone.tel}`}>{phone.display}</a>
            <span className="sup-contact-note">{phone.hours}</span>
          </dd>
        </div>
        <div>
          <dt>Email us</dt>
          <dd>
            <a href={`mailto:${email.address}`}>{email.address}</a>
            <span className="sup-contact-note">{email.promise}</span>
          </dd>
        </div>
        <div>
          <dt>Not happy with our answer?</dt>
          <dd>
            Write to {grievance.officer}, at <a href={`mailto:${grievance.address}`}>{grievance.address}</a>
            <span className="sup-contact-note">Quote your query’s reference number; we reply within 15 days.</span>
          </dd>
        </div>
        <div>
          <dt>Registered office</dt>
          <dd>{office}</dd>
        </div>
      </dl>
      <p className="ma-muted sup-safety">
        Kosh will never ask for your OTP, card PIN, UPI PIN or passwords, on a call, by SMS or on WhatsApp.
      </p>
    </div>
  );
}
