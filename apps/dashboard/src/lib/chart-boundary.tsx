import { Component, type ReactNode } from 'react';

/**
 * A chart that cannot load (a failed chunk, a browser without canvas) must not take the page
 * down: its data is shown another way (`fallback`, usually a table). Unlike a screen (spec 001 §4
 * "reloads once"), a chart is not worth reloading the whole page for.
 */
export class ChartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
