import type { DehydratedState } from '@tanstack/react-query';
import { ApiError, type AppConfig } from 'runtime-kernel';
import type { RemotesManifest } from '@/lib/federation/remote-registry';

/**
 * What a server-rendered page hands to the browser beside its HTML, so the first render in the
 * browser is the one the server made: the configuration, the releases of the remotes it rendered
 * with, the data it fetched and which remote modules it rendered.
 */
export interface PageState {
  config: AppConfig;
  remotes: RemotesManifest;
  queries: DehydratedState;
  /** `remote\nexposed` keys (RenderedRemotesContext). */
  renderedRemotes: string[];
}

export const PAGE_STATE_ELEMENT_ID = 'sb-page-state';

interface PlainApiError {
  apiError: true;
  status: number;
  code: string;
  message: string;
}

/** Query errors cross as plain data and come back as ApiError (pages tell a 404 from an outage). */
export function plainQueryErrors(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => {
      const error: unknown = query.state.error;
      if (!(error instanceof Error)) return query;
      const plain: PlainApiError = {
        apiError: true,
        status: error instanceof ApiError ? error.status : 0,
        code: error instanceof ApiError ? error.code : 'server_render_error',
        message: error.message,
      };
      return { ...query, state: { ...query.state, error: plain as unknown as Error } };
    }),
  };
}

function revive(error: unknown): unknown {
  const plain = error as PlainApiError | null;
  return plain && plain.apiError ? new ApiError(plain.status, plain.code, plain.message) : error;
}

export function reviveQueryErrors(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) =>
      query.state.error
        ? { ...query, state: { ...query.state, error: revive(query.state.error) as Error } }
        : query,
    ),
  };
}

/** JSON inside <script type="application/json">: `<` escaped so no value can close the element. */
export function serializePageState(state: PageState): string {
  return `<script id="${PAGE_STATE_ELEMENT_ID}" type="application/json">${JSON.stringify(state).replace(/</g, '\\u003c')}</script>`;
}

export function readPageState(): PageState | null {
  const text = document.getElementById(PAGE_STATE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PageState;
  } catch {
    return null;
  }
}

/** The digest the server gives a remote it could not render, so the browser takes it over quietly. */
export const CLIENT_RENDERED_REMOTE = 'sb-remote-client-rendered';
