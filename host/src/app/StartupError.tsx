import { useT } from '@/shared/i18n';

/** Shown when the site's own configuration cannot be fetched; plain markup, no providers needed. */
export function StartupError() {
  const t = useT();
  return (
    <main
      role="alert"
      style={{ fontFamily: 'system-ui, sans-serif', padding: '4rem 1rem', textAlign: 'center' }}
    >
      <h1>{t('startup.title')}</h1>
      <p>{t('startup.message')}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {t('startup.reload')}
      </button>
    </main>
  );
}
