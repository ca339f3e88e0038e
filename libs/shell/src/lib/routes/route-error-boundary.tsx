import { Component, type ReactNode } from 'react';
import { useLocation, type Location } from 'react-router';
import { RouteErrorPage } from '../pages/route-error-page';

interface BoundaryProps {
  location: Location;
  children: ReactNode;
}

interface BoundaryState {
  /** Set when the routes below threw (a page's chunk that failed to load included). */
  failure: { error: unknown } | null;
  location: Location;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failure: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failure: { error } };
  }

  // Another location gives the routes below a new try, as a link away from a failed page should.
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { failure: null, location: props.location };
  }

  override render() {
    return this.state.failure ? <RouteErrorPage error={this.state.failure.error} /> : this.props.children;
  }
}

/** One level of the route tree: what it renders, or the error page when that throws. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary location={useLocation()}>{children}</Boundary>;
}
