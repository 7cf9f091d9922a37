// The seam between the host's server and server-side rendering (implemented in ./render/).
// The server hands every page request (GET/HEAD, no file extension, not an existing file) to the
// renderer; null, a throw or a 5xx means "serve the SPA shell", so rendering never fails a page.

export interface PageRequest {
  url: string;
  method: string;
  headers: Record<string, string | string[] | undefined>;
  /** The response's Content-Security-Policy nonce: the page's inline scripts must carry it. */
  nonce?: string;
  /** The page request's trace (W3C traceparent with the host server's span), for its API calls. */
  traceparent?: string;
}

export interface RenderedPage {
  status: number;
  headers: Record<string, string>;
  body: NodeJS.ReadableStream | string;
}

export interface PageRenderer {
  render(request: PageRequest): Promise<RenderedPage | null>;
  close(): Promise<void>;
}
