/** Shown when the site's own configuration cannot be fetched; plain markup, no providers needed. */
export function StartupError() {
  return (
    <main
      role="alert"
      style={{ fontFamily: 'system-ui, sans-serif', padding: '4rem 1rem', textAlign: 'center' }}
    >
      <h1>SecondByte could not start</h1>
      <p>We could not reach the site configuration. Check your connection and try again.</p>
      <button type="button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </main>
  );
}
