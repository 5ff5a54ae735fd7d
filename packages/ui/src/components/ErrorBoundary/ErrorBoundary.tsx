import { Component, type ErrorInfo, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { AlertIcon } from '../../icons/icons.tsx';
import { Button } from '../Button/Button.tsx';
import { EmptyState } from '../EmptyState/EmptyState.tsx';

export interface ErrorFallbackProps {
  /** Called by Reload Page; defaults to `window.location.reload()`. */
  onReload?: () => void;
}

/**
 * The error screen of a part of the page that could not render: "Something went wrong" ("Algo
 * salió mal"), a sentence saying reloading usually helps, and Reload Page.
 *
 * **Use it** as what an `ErrorBoundary` shows (its default `fallback`), or alone where a part of
 * the page cannot be shown at all and reloading is the only remedy. **Don't use it** for a failed
 * API call (the feature shows that error with Retry, which keeps the page) or for a missing page
 * (the Not Found page).
 *
 * **Accessibility.** A `role="alert"` region, so a screen reader announces the title and sentence
 * as soon as it replaces the broken part; focus is not moved. The title is a level 3 heading
 * (`EmptyState`'s), the icon is decorative, and Reload Page is a native button (Enter or Space).
 */
export function ErrorFallback({ onReload }: ErrorFallbackProps) {
  return (
    <div role="alert">
      <EmptyState
        icon={<AlertIcon size={28} />}
        title={<FormattedMessage id="errorBoundary.title" />}
        description={<FormattedMessage id="errorBoundary.description" />}
        action={
          <Button onClick={onReload ?? (() => window.location.reload())}>
            <FormattedMessage id="errorBoundary.reload" />
          </Button>
        }
      />
    </div>
  );
}

export interface ErrorBoundaryProps {
  /** The part of the page it protects (an island). */
  children: ReactNode;
  /** Reported once per caught error (logging). */
  onError?: (error: unknown, info: ErrorInfo) => void;
  /** Called by the Reload Page button; defaults to reloading the page. */
  onReload?: () => void;
  /** Replace the default fallback. */
  fallback?: ReactNode;
}

interface State {
  error: unknown;
  hasError: boolean;
}

/**
 * Catches a rendering error in the part of the page it wraps and shows the error screen instead.
 *
 * **Use it** around each island (feature root) so that one broken part does not blank the page.
 * The default fallback (`ErrorFallback`) says "Something went wrong" and offers Reload Page;
 * `fallback` replaces it, `onError` reports the error once. **Don't use it** for failed API calls:
 * those are expected states shown by the feature itself (an error message with Retry).
 *
 * **Accessibility.** The fallback is a `role="alert"` region, so screen readers announce it when it
 * appears; its Reload Page button is a regular button.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.props.onError?.(error, info);
  }

  override render() {
    if (this.state.hasError) {
      return this.props.fallback ?? <ErrorFallback onReload={this.props.onReload} />;
    }
    return this.props.children;
  }
}
