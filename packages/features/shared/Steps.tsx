/**
 * A flow shown one step at a time (registering through an invitation, the school wizard): the
 * numbered step list and the step's heading, which takes the focus when the step changes.
 */
import { VisuallyHidden } from '@memoria/ui';
import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import * as s from './steps.css.ts';

/**
 * The numbered steps; the current one is `aria-current="step"`, the completed ones say so to
 * screen readers (`doneText`) and show a check mark.
 */
export function StepList({
  steps,
  current,
  label,
  doneText,
}: {
  /** Each step's key and visible name, in order. */
  steps: readonly { key: string; name: ReactNode }[];
  /** The index of the current step in `steps`. */
  current: number;
  /** The list's accessible name ("Registration steps"). */
  label: string;
  /** Read after each completed step's name ("(completed)"). */
  doneText: ReactNode;
}) {
  return (
    <ol className={s.steps} aria-label={label}>
      {steps.map(({ key, name }, i) => (
        <li
          key={key}
          className={s.step}
          data-state={i < current ? 'done' : i === current ? 'current' : 'todo'}
          aria-current={i === current ? 'step' : undefined}
        >
          <span className={s.stepNumber} aria-hidden="true">
            {i < current ? '✓' : i + 1}
          </span>
          <span className={s.stepName}>
            {name}
            {i < current ? <VisuallyHidden> {doneText}</VisuallyHidden> : null}
          </span>
        </li>
      ))}
    </ol>
  );
}

/**
 * Focus for a flow shown one step at a time: once the user has moved to another step (Next,
 * Back, a failure sent back to a step), the new step's heading takes the focus, so a screen
 * reader reads where they are and Tab goes on from there. Never on the first render, which would
 * take the focus from the page. Call `moving()` where the step is changed.
 */
export function useStepFocus(step: string): {
  headingRef: RefObject<HTMLHeadingElement | null>;
  moving: () => void;
} {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [step]);
  return {
    headingRef,
    moving: () => {
      moved.current = true;
    },
  };
}

/** The step's heading ("Step 2 of 4: Password"), focusable by script only (`tabIndex` -1). */
export function StepHeading({
  level,
  id,
  headingRef,
  children,
}: {
  /** `h2` or `h3`, whichever fits the page's outline. */
  level: 2 | 3;
  /** For `aria-labelledby` of the step's form. */
  id?: string;
  /** From `useStepFocus`. */
  headingRef: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <Heading id={id} ref={headingRef} tabIndex={-1} className={s.stepHeading}>
      {children}
    </Heading>
  );
}
