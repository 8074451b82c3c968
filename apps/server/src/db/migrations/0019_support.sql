-- Support (spec 001 §2 support tabs, §7 getSupport, supportMail, chat/chatAllocation;
-- apps/server/src/db/schema/support.ts). Written by hand.
CREATE TABLE "support_faq_categories" (
	"category_id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
-- "search" is kept by the database (question and keywords weigh more than the answer), so a
-- search is one GIN lookup (modules/support/faq-store.ts).
CREATE TABLE "support_faqs" (
	"faq_id" text PRIMARY KEY NOT NULL,
	"category_id" text NOT NULL,
	"position" integer NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"keywords" text DEFAULT '' NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', question), 'A') || setweight(to_tsvector('english', keywords), 'A') || setweight(to_tsvector('english', answer), 'B')) STORED,
	CONSTRAINT "support_faqs_category_id_support_faq_categories_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."support_faq_categories"("category_id") ON DELETE no action ON UPDATE no action
);
--> statement-breakpoint
CREATE INDEX "support_faqs_search_idx" ON "support_faqs" USING gin ("search");--> statement-breakpoint
CREATE INDEX "support_faqs_category_idx" ON "support_faqs" USING btree ("category_id","position");--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"ticket_id" uuid PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"request_id" text NOT NULL,
	"content_hash" text NOT NULL,
	"product" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"reply_email_masked" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"desk_notified_at" timestamp with time zone,
	CONSTRAINT "support_tickets_status_check" CHECK ("support_tickets"."status" in ('OPEN', 'RESOLVED'))
);
--> statement-breakpoint
-- A reference is quoted on the phone: it names one ticket. A retry (same customer, same request id)
-- meets the second index and answers the stored ticket.
CREATE UNIQUE INDEX "support_tickets_reference_unique" ON "support_tickets" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "support_tickets_request_unique" ON "support_tickets" USING btree ("customer_id","request_id");--> statement-breakpoint
CREATE INDEX "support_tickets_customer_idx" ON "support_tickets" USING btree ("customer_id","created_at");--> statement-breakpoint
-- Agents' capacity: the check is the last word, so no number of concurrent allocations can give an
-- agent more chats than their capacity.
CREATE TABLE "support_agents" (
	"agent_id" uuid PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"capacity" integer NOT NULL,
	"active_chats" integer DEFAULT 0 NOT NULL,
	"online" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "support_agents_capacity_check" CHECK ("support_agents"."capacity" > 0),
	CONSTRAINT "support_agents_active_check" CHECK ("support_agents"."active_chats" >= 0 and "support_agents"."active_chats" <= "support_agents"."capacity")
);
--> statement-breakpoint
CREATE TABLE "support_chats" (
	"chat_id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "support_chats_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"customer_id" uuid NOT NULL,
	"agent_id" uuid,
	"status" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"assigned_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "support_chats_agent_id_support_agents_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."support_agents"("agent_id") ON DELETE no action ON UPDATE no action,
	CONSTRAINT "support_chats_status_check" CHECK ("support_chats"."status" in ('WAITING', 'ACTIVE', 'ENDED')),
	CONSTRAINT "support_chats_agent_check" CHECK (("support_chats"."status" = 'ACTIVE') = ("support_chats"."agent_id" is not null and "support_chats"."ended_at" is null))
);
--> statement-breakpoint
-- One live chat per customer: asking again while waiting is the same chat, in the same place.
CREATE UNIQUE INDEX "support_chats_live_unique" ON "support_chats" USING btree ("customer_id") WHERE status in ('WAITING', 'ACTIVE');--> statement-breakpoint
CREATE INDEX "support_chats_queue_idx" ON "support_chats" USING btree ("seq") WHERE status = 'WAITING';--> statement-breakpoint
-- The FAQs are product content, needed in every environment (production included), so they come
-- with the tables rather than from the demo seeders; operators edit the rows afterwards.
INSERT INTO "support_faq_categories" ("category_id", "title", "position") VALUES
	('credit-score', 'Credit score and report', 1),
	('disputes', 'Mistakes in your credit report', 2),
	('loans-cards', 'Loan and card applications', 3),
	('paid-services', 'Paid services and invoices', 4),
	('account-privacy', 'Your account, privacy and consent', 5),
	('linked-accounts', 'Linked bank accounts', 6);
--> statement-breakpoint
INSERT INTO "support_faqs" ("faq_id", "category_id", "position", "question", "answer", "keywords") VALUES
	('score-check-lowers', 'credit-score', 1, 'Does checking my credit score on Kosh lower it?',
	 'No. When you check your own score, the bureau records a soft enquiry. Lenders don’t see soft enquiries and they never affect your score.

Only a hard enquiry, made when a lender checks your report because you applied for a loan or card, can lower your score a little, and only for a while.',
	 'soft enquiry inquiry hard drop reduce impact affect cibil'),
	('score-differs-by-bureau', 'credit-score', 2, 'Why is my score different at CIBIL, Experian, Equifax and CRIF High Mark?',
	 'India has four credit bureaus, all licensed by the RBI. Lenders report to each of them separately and on their own dates, and each bureau scores with its own model, so the same history can give slightly different scores.

A gap of a few points is normal. If one bureau shows an account or a payment that the others don’t, check that bureau’s report for a mistake.',
	 'transunion cibil experian equifax crif highmark high mark different mismatch bureau'),
	('score-update-frequency', 'credit-score', 3, 'How often is my credit score updated?',
	 'Since January 2025 the RBI has required lenders to send updates to the bureaus every fortnight, so a payment, a new loan or a closed account usually shows in your report within two to four weeks.

Your score on Kosh is refreshed when the bureau has new information, and we send you a credit alert when something important changes.',
	 'refresh update frequency monthly fortnightly when new latest'),
	('score-good-range', 'credit-score', 4, 'What is a good credit score?',
	 'Scores run from 300 to 900. Most lenders see 750 and above as good: it brings faster approvals and lower interest rates. Between 650 and 750 you will usually get credit, though perhaps at a higher rate; below 650 approvals get harder.

Each bureau has its own bands. The band shown next to each score on your dashboard (Excellent, Very Good, Good, Average or Needs Help) is that bureau’s.',
	 'range 300 900 750 good bad band excellent average'),
	('score-improve', 'credit-score', 5, 'How can I improve my credit score?',
	 'Pay every EMI and credit card bill in full and on time: payment history counts most. Keep card balances below about 30% of your limits. Avoid applying for several loans or cards in a short time, as each application adds a hard enquiry. Keep old cards open if they cost you nothing, because a long history helps.

Improvement takes a few months of good habits. Your credit report on Kosh shows which factors help your score and which hurt it.',
	 'increase raise boost improve utilisation utilization emi late payment tips'),
	('score-not-found', 'credit-score', 6, 'Why can’t Kosh find my credit score?',
	 'A bureau can score you only once you have a credit history: at least one loan or credit card, usually open for six months or more. You may see “We couldn’t find your Credit Score!” if you have never borrowed, if your history is very short, or if your accounts have had no activity in the last three years.

A secured credit card against a fixed deposit is a simple way to start a credit history.',
	 'no hit ntc new to credit not found missing no score first'),
	('dispute-not-my-account', 'disputes', 1, 'My report shows a loan or card that isn’t mine. What should I do?',
	 'Raise a dispute with the bureau whose report shows it. Each bureau (CIBIL, Experian, Equifax and CRIF High Mark) has an online dispute form on its website. Give the account number as it appears in the report and say what is wrong.

An account you never opened can also mean someone has used your identity. Tell the lender named in the report at once, and report it at cybercrime.gov.in or by calling 1930.',
	 'fraud not mine unknown account identity theft dispute wrong incorrect'),
	('dispute-how-long', 'disputes', 2, 'How long does a bureau take to correct a mistake?',
	 'Under the RBI’s rules your dispute must be settled within 30 days of your complaint. The lender has 21 days to send the bureau corrected information, and the bureau then has 9 days to update your report.

If it takes longer, you are entitled to compensation of ₹100 for every day of delay, paid by the bureau or the lender, whichever caused it.',
	 '30 days timeline time compensation rbi delay dispute resolution rectification correction'),
	('dispute-closed-loan-active', 'disputes', 3, 'I closed a loan but my report still shows it as active.',
	 'Allow about a month after closing: the lender reports the closure in its next update to the bureaus. If the loan still shows as active after that, ask the lender for the No Objection Certificate (NOC) or closure letter and raise a dispute with the bureau, attaching it.

For a secured loan, the RBI also requires the lender to return your original property documents within 30 days of the last payment.',
	 'closed paid off repaid loan active open noc closure letter'),
	('dispute-settled-status', 'disputes', 4, 'What does “settled” mean on my report, and does it hurt my score?',
	 '“Settled” means the lender accepted less than the full amount owed and closed the account. Lenders read it as a sign of past difficulty, so it can lower your chances of new credit for several years.

If you can, pay the rest of the amount, ask the lender to change the status to “Closed” and get that in writing. Our Overdue Account Resolution service can help you do this.',
	 'settled written off write-off writeoff status negative overdue'),
	('dispute-can-kosh-edit', 'disputes', 5, 'Can Kosh change my credit report for me?',
	 'Only a bureau can change your report, and only on information from the lender. What we can do is help: your report on Kosh points out entries worth checking, and our Credit Report Correction service raises and follows up disputes with the bureaus and lenders for you.

Be wary of anyone who promises to “clean” your report for a fee. Correct information cannot be removed.',
	 'repair clean remove edit rectification correction service'),
	('offer-pre-approved', 'loans-cards', 1, 'What does “pre-approved” mean on an offer?',
	 'It means the lender has looked at your credit report and is likely to approve you for about that amount. It is not a final approval: the lender still checks your income and identity (KYC) before it sanctions the loan or issues the card, and the final rate and limit can differ.',
	 'pre approved preapproved offer guaranteed eligibility eligible'),
	('apply-next-steps', 'loans-cards', 2, 'What happens after I apply through Kosh?',
	 'We send your application to the lender you chose and take you to its page to finish. The lender makes the decision, and you can follow the status of your application on your dashboard.

Most lenders call or message within two working days. For a loan they may ask for your PAN, Aadhaar-based KYC, bank statements and salary slips.',
	 'application status lead track apply next steps documents'),
	('apply-rejected', 'loans-cards', 3, 'My application was rejected. Why?',
	 'Each lender decides by its own rules, usually looking at your credit score, income, existing EMIs and your employer or business. Under the RBI’s Fair Practices Code the lender should tell you the main reasons in writing, so ask it.

Before applying again, wait a few months and check your credit report: several applications in a short time can lower your score.',
	 'rejected declined denied reason not approved refused'),
	('apply-fees-and-fraud', 'loans-cards', 4, 'Does Kosh charge a fee to get a loan or card?',
	 'No. Comparing and applying on Kosh is free. Any processing fee is the lender’s: it is shown in the offer’s Key Fact Statement before you accept, and it is paid to the lender, never to a person.

Kosh never asks for an upfront fee, your OTP, card PIN or UPI PIN on a call or message. If someone does, it is fraud: tell us, and report it at cybercrime.gov.in or by calling 1930.',
	 'fee charge free processing fraud otp upfront scam pin'),
	('key-fact-statement', 'loans-cards', 5, 'What is a Key Fact Statement?',
	 'A Key Fact Statement (KFS) is a short summary the RBI requires lenders to give you before you sign for a loan. It shows the annual percentage rate (APR: the whole cost of the loan, fees included), the EMI and the number of instalments, every fee and charge, and, for digital loans, the cooling-off period in which you can return the loan without a penalty. Read it before you accept an offer.',
	 'kfs apr cost interest rate cooling off charges'),
	('paid-services-included', 'paid-services', 1, 'What do Kosh’s paid services include?',
	 'There are four, each bought from your dashboard: the Credit Health Report (a detailed reading of your reports from every bureau), Credit Advisor (three months of one-to-one help to raise your score), Credit Report Correction (we raise and follow up disputes for you) and Overdue Account Resolution (we work with your lenders on overdue accounts).

Each card on your dashboard shows what is included and the price, GST included.',
	 'add-on addon service credit health advisor rectification correction collection price'),
	('invoice-download', 'paid-services', 2, 'Where do I find the tax invoice for a payment?',
	 'Open Invoices in the menu. Every paid service has a GST tax invoice with its own number, and you can download it as a PDF at any time.',
	 'invoice receipt bill gst download pdf tax'),
	('payment-debited-failed', 'paid-services', 3, 'Money left my account but the payment shows as failed.',
	 'This happens when your bank takes the money but the confirmation doesn’t reach us. Please don’t pay again. If the service was not activated, the amount comes back automatically within the RBI’s time limits for failed payments: by the next working day for UPI and within five working days for cards.

If it hasn’t come back by then, send us a query with the date and amount and we will trace it.',
	 'payment failed debited deducted money refund pending upi card'),
	('refund-policy', 'paid-services', 4, 'Can I cancel a paid service and get a refund?',
	 'Yes, within 7 days of buying, as long as the service hasn’t been delivered: for example, before your Credit Health Report is generated or before your first session with an advisor. Send us a query about “Paid services, payments and invoices” and we refund to the way you paid within 7 working days.',
	 'cancel refund money back cancellation'),
	('gst-on-price', 'paid-services', 5, 'Why is GST part of the price?',
	 'Our services are taxed at 18% GST. The price on each card already includes it. Your invoice shows the taxable value and the tax: CGST and SGST when you are in Karnataka, where Kosh is registered, or IGST when you are in another state.',
	 'gst tax 18 cgst sgst igst price'),
	('change-mobile-email', 'account-privacy', 1, 'How do I change my mobile number or email?',
	 'Open Profile and choose to change your mobile number or email. We send a one-time password to the new number or address, and the change is saved once you enter it. For your security we never change contact details over a call or an email.',
	 'change update mobile number phone email address profile'),
	('data-use', 'account-privacy', 2, 'What does Kosh do with my data?',
	 'We use your details and credit reports to show your scores and to find offers you are likely to get. We share them with a lender only when you apply to that lender, and we never sell your data. Our Privacy Policy sets out what we keep and for how long.',
	 'privacy data personal information share sell dpdp'),
	('consent-withdraw', 'account-privacy', 3, 'How do I withdraw a consent I gave?',
	 'Open the Consent Revocation tab on this page and choose Withdraw next to the consent. It takes effect at once, and we will ask you again before using your data for that purpose.

Under India’s Digital Personal Data Protection Act, 2023, withdrawing consent is as easy as giving it. It doesn’t affect what was done with your data before you withdrew.',
	 'consent withdraw revoke revocation dpdp terms'),
	('stop-marketing', 'account-privacy', 4, 'How do I stop offers by SMS, WhatsApp, email or calls?',
	 'Open the Communication Preferences tab and turn off the channels you don’t want. Marketing messages on that channel stop straight away. You will still get one-time passwords and messages about your account and applications, because you need them to use Kosh safely.

You can also register on the national Do Not Disturb list by calling or texting 1909.',
	 'unsubscribe stop sms whatsapp email calls marketing dnd spam preferences'),
	('suspicious-sign-in', 'account-privacy', 5, 'I think someone else has signed in to my account.',
	 'Open Active devices from the menu and sign out any device you don’t recognise: its access stops at once. Then check that your mobile number and email on Profile are still yours, and tell us by phone or with a query.

Kosh signs you in only with an OTP sent to your mobile. Never share it with anyone, including people who say they work for Kosh.',
	 'hacked security suspicious sign in login device session otp'),
	('close-account', 'account-privacy', 6, 'How do I close my Kosh account?',
	 'Send us a query about “My account, privacy and consent” asking us to close your account. We confirm with you, stop all messages and delete your data, except what the law requires us to keep for a set time, such as tax invoices.

Closing your Kosh account does not close any loan or card you have with a lender.',
	 'close delete account remove data erase'),
	('aa-what-is-it', 'linked-accounts', 1, 'What is an account aggregator, and is it safe?',
	 'An account aggregator is a company licensed by the RBI to move your bank data to a service only with your consent. Kosh works with FINVU. You choose the accounts, what is shared and for how long; the data travels encrypted and the aggregator itself cannot read it. You never share your net-banking password with us.',
	 'account aggregator aa finvu safe secure bank data consent'),
	('aa-which-banks', 'linked-accounts', 2, 'Which banks can I link?',
	 'Most large banks in India are on the account aggregator network, including HDFC Bank, SBI, ICICI Bank, Axis Bank, Kotak Mahindra Bank, Bank of Baroda, Punjab National Bank, Canara Bank, Union Bank of India and Federal Bank. When you start linking, you see every bank available for your mobile number.',
	 'bank list supported hdfc sbi icici axis kotak link'),
	('aa-stop-sharing', 'linked-accounts', 3, 'How do I stop sharing my bank data?',
	 'Open Linked bank accounts and revoke the consent there, or revoke it in the FINVU app. We stop fetching your data at once. You can link again later with a new consent.',
	 'revoke stop sharing unlink remove bank consent delete'),
	('aa-balance-old', 'linked-accounts', 4, 'My linked account balance looks out of date.',
	 'Linked account data is as fresh as its last fetch. Choose Refresh on Linked bank accounts to fetch the latest; your bank usually answers within a minute. If refreshing is paused for a while, you will see a notice saying so.',
	 'refresh balance old stale update transactions'),
	('aa-otp-missing', 'linked-accounts', 5, 'I didn’t get the OTP to link my bank account.',
	 'The OTP comes from FINVU or your bank to the mobile number registered with your bank, which must be the number you use on Kosh. Wait a minute before asking for a new one. Some banks send an 8-digit OTP instead of a 6-digit one.',
	 'otp not received link bank sms code');
