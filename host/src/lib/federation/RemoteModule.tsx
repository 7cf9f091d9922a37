import {
  Component,
  createContext,
  Suspense,
  use,
  useContext,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { ExposedProps, NoProps } from 'shared-contracts/remote-modules';
import {
  getLoadedRemoteModule,
  loadRemoteModule,
  RemoteUnavailableError,
  resetRemote,
  type ExposedName,
  type RemoteName,
} from './remote-registry';
import { useT } from '@/shared/i18n';

interface BoundaryProps {
  remote: RemoteName;
  onRetry: () => void;
  /** What shows instead of the remote's area when it fails; RemoteUnavailable when not given. */
  unavailable?: (retry: () => void) => ReactNode;
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
    if (this.props.unavailable) return this.props.unavailable(this.props.onRetry);
    return <RemoteUnavailable remote={this.props.remote} onRetry={this.props.onRetry} />;
  }
}

export function RemoteUnavailable({ remote, onRetry }: { remote: RemoteName; onRetry: () => void }) {
  const t = useT();
  return (
    <Center py="xl" px="md" data-testid={`remote-unavailable-${remote}`}>
      <Alert color="orange" title={t('remote.unavailable')} maw={520} role="alert">
        <Stack gap="sm">
          <Text size="sm">{t('remote.text', { part: t(`remote.parts.${remote}`) })}</Text>
          <Button onClick={onRetry} variant="light" color="orange" w="fit-content">
            {t('remote.retry')}
          </Button>
        </Stack>
      </Alert>
    </Center>
  );
}

export function SectionLoader() {
  const t = useT();
  return (
    <Center py="xl" aria-busy="true" aria-live="polite">
      <Loader aria-label={t('layout.loading')} />
    </Center>
  );
}

/**
 * On the server: which remote modules the page rendered, so the browser loads exactly those
 * before it hydrates (a module it lacked would hydrate as a loader and mismatch the HTML).
 */
export const RenderedRemotesContext = createContext<Set<string> | null>(null);

interface LoadedRemoteProps {
  remote: RemoteName;
  exposed: ExposedName;
  props: object | undefined;
}

function LoadedRemoteComponent({ remote, exposed, props }: LoadedRemoteProps) {
  const rendered = useContext(RenderedRemotesContext);
  const loaded = getLoadedRemoteModule(remote, exposed);
  if (rendered && !loaded) {
    // The server could not get this remote in time: its area is rendered by the browser, behind
    // the usual fallback (React streams the Suspense fallback and marks it for client rendering).
    throw new RemoteUnavailableError(remote, new Error('not loaded within the render budget'));
  }
  if (rendered) rendered.add(`${remote}\n${exposed}`);
  const mod = loaded ?? use(loadRemoteModule(remote, exposed));
  // RemoteModule's props were checked against this module's declared props; here, past the
  // union of every remote's modules, only their shape is left to say.
  const Exposed = mod.default as ComponentType<object>;
  return <Exposed {...props} />;
}

/**
 * The props of `RemoteModule`: which module, and the props declared for it in
 * shared-contracts/src/remote-modules.ts (optional when it declares none required).
 */
export type RemoteModuleProps<R extends RemoteName, E extends ExposedName<R>> = {
  remote: R;
  exposed: E;
  fallback?: ReactNode;
  /** Replaces the inline unavailable notice, for a module that is not an area of the page (a dialog). */
  unavailable?: (retry: () => void) => ReactNode;
} & (NoProps extends ExposedProps<R, E> ? { props?: ExposedProps<R, E> } : { props: ExposedProps<R, E> });

/** Mounts the default export of a remote's exposed module, isolated behind its own boundary. */
export function RemoteModule<R extends RemoteName, E extends ExposedName<R>>({
  remote,
  exposed,
  props,
  fallback,
  unavailable,
}: RemoteModuleProps<R, E>) {
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    resetRemote(remote);
    setAttempt((n) => n + 1);
  };
  return (
    <RemoteErrorBoundary
      key={`${exposed}:${attempt}`}
      remote={remote}
      onRetry={retry}
      unavailable={unavailable}
    >
      <Suspense fallback={fallback ?? <SectionLoader />}>
        <LoadedRemoteComponent remote={remote} exposed={exposed} props={props} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
