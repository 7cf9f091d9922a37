import { Component, Suspense, use, useState, type ReactNode } from 'react';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import {
  getLoadedRemoteModule,
  loadRemoteModule,
  REMOTE_LABELS,
  resetRemote,
  type RemoteName,
} from './remote-registry';

interface ExposedComponentModule {
  default: (props: Record<string, unknown>) => ReactNode;
}

interface BoundaryProps {
  remote: RemoteName;
  onRetry: () => void;
  children: ReactNode;
}

/** Keeps one remote's failure (down server, crash while rendering) inside that remote's area. */
class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(`[${this.props.remote}]`, error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <RemoteUnavailable remote={this.props.remote} onRetry={this.props.onRetry} />;
  }
}

export function RemoteUnavailable({ remote, onRetry }: { remote: RemoteName; onRetry: () => void }) {
  return (
    <Center py="xl" px="md" data-testid={`remote-unavailable-${remote}`}>
      <Alert color="orange" title="This part of SecondByte is unavailable" maw={520} role="alert">
        <Stack gap="sm">
          <Text size="sm">
            The {REMOTE_LABELS[remote]} could not be loaded. The rest of the site still works; try again in a
            moment.
          </Text>
          <Button onClick={onRetry} variant="light" color="orange" w="fit-content">
            Retry
          </Button>
        </Stack>
      </Alert>
    </Center>
  );
}

export function SectionLoader() {
  return (
    <Center py="xl" aria-busy="true" aria-live="polite">
      <Loader aria-label="Loading" />
    </Center>
  );
}

function LoadedRemoteComponent({ remote, exposed, props }: RemoteModuleProps) {
  const mod =
    getLoadedRemoteModule<ExposedComponentModule>(remote, exposed) ??
    use(loadRemoteModule<ExposedComponentModule>(remote, exposed));
  const Exposed = mod.default;
  return <Exposed {...props} />;
}

interface RemoteModuleProps {
  remote: RemoteName;
  exposed: string;
  props?: Record<string, unknown>;
  fallback?: ReactNode;
}

/** Mounts the default export of a remote's exposed module, isolated behind its own boundary. */
export function RemoteModule({ remote, exposed, props, fallback }: RemoteModuleProps) {
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    resetRemote(remote);
    setAttempt((n) => n + 1);
  };
  return (
    <RemoteErrorBoundary key={`${exposed}:${attempt}`} remote={remote} onRetry={retry}>
      <Suspense fallback={fallback ?? <SectionLoader />}>
        <LoadedRemoteComponent remote={remote} exposed={exposed} props={props} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
