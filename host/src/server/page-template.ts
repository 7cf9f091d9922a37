/** The host's built index.html, cut where the rendered page goes. */
export interface PageTemplate {
  head: string;
  tail: string;
}

const ROOT = '<div id="root"></div>';

export function splitTemplate(html: string): PageTemplate {
  const at = html.indexOf(ROOT);
  if (at === -1) throw new Error(`The host's index.html has no ${ROOT}`);
  return { head: `${html.slice(0, at)}<div id="root">`, tail: `</div>${html.slice(at + ROOT.length)}` };
}

/** Dark-mode visitors get dark HTML: Mantine's attribute and the spec's `dark` class on <html>. */
export function applyTheme(head: string, theme: 'light' | 'dark'): string {
  const attributes = `data-mantine-color-scheme="${theme}"${theme === 'dark' ? ' class="dark"' : ''}`;
  return head.replace(/<html([^>]*)>/, `<html$1 ${attributes}>`);
}

export function withHeadTags(head: string, tags: string): string {
  return tags ? head.replace('</head>', `${tags}</head>`) : head;
}
