import { useEffect, useRef, type ReactNode } from 'react';
import { JOURNEY_STEPS, type JourneyStep } from './finvu-slice.ts';

/** The five steps after the landing (spec 001 §2 steps 2–6), as the progress shows them. */
const STEP_LABELS: Record<Exclude<JourneyStep, 'landing'>, string> = {
  verifyMobile: 'Verify mobile',
  selectBank: 'Select bank',
  accountType: 'Account type',
  permissions: 'Permissions',
  verificationStatus: 'Status',
};

/** Where the customer is: an ordered list, the current step marked for screen readers too. */
export function JourneyProgress({ step }: { step: Exclude<JourneyStep, 'landing'> }) {
  const steps = JOURNEY_STEPS.filter((name): name is Exclude<JourneyStep, 'landing'> => name !== 'landing');
  const current = steps.indexOf(step);
  return (
    <nav className="ma-aa-progress" aria-label="Progress">
      <p className="ma-aa-progress-text">
        Step {current + 1} of {steps.length}: {STEP_LABELS[step]}
      </p>
      <ol className="ma-aa-progress-steps">
        {steps.map((name, index) => (
          <li
            key={name}
            className={index < current ? 'is-done' : index === current ? 'is-current' : undefined}
            aria-current={index === current ? 'step' : undefined}
          >
            <span className="ma-aa-progress-dot" aria-hidden="true">
              {index < current ? '✓' : index + 1}
            </span>
            <span className="ma-aa-progress-label">
              {STEP_LABELS[name]}
              {index < current ? <span className="pv-visually-hidden"> (done)</span> : null}
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * A step's heading. When the step changes it takes focus, so a screen reader announces the new
 * step and keyboard users continue from its top instead of from a button that is gone.
 */
export function StepHeading({ children, focus }: { children: ReactNode; focus: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return (
    <h2 ref={heading} className="ma-aa-step-title" tabIndex={-1}>
      {children}
    </h2>
  );
}
