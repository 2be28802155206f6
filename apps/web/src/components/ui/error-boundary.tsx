import { Component, type ReactNode } from 'react';

/** Catches render errors below it; `fallback` gets a reset that renders the children again. */
export class ErrorBoundary extends Component<
  { fallback: (reset: () => void) => ReactNode; resetKey?: unknown; children: ReactNode },
  { failed: boolean; key: unknown }
> {
  state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { resetKey?: unknown }, state: { failed: boolean; key: unknown }) {
    // A navigation elsewhere clears the error.
    return props.resetKey !== state.key ? { failed: false, key: props.resetKey } : null;
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  render() {
    return this.state.failed ? this.props.fallback(() => this.setState({ failed: false })) : this.props.children;
  }
}
