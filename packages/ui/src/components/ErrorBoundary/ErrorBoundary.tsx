import { Component, type ErrorInfo, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { AlertIcon } from '../../icons/icons.tsx';
import { Button } from '../Button/Button.tsx';
import { EmptyState } from '../EmptyState/EmptyState.tsx';

export interface ErrorFallbackProps {
  /** Defaults to `window.location.reload()`. */
  onReload?: () => void;
}

/** The error screen: 'Something went wrong' / 'Algo salió mal' and a Reload Page button. */
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
  children: ReactNode;
  /** Reported once per caught error (logging). */
  onError?: (error: unknown, info: ErrorInfo) => void;
  onReload?: () => void;
  /** Replace the default fallback. */
  fallback?: ReactNode;
}

interface State {
  error: unknown;
  hasError: boolean;
}

/** Catches render errors below it and shows the reload screen (spec §8). */
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
