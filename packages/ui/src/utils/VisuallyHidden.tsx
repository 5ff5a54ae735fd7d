import type { ReactNode } from 'react';
import { visuallyHidden } from './visuallyHidden.css.ts';

export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className={visuallyHidden}>{children}</span>;
}
