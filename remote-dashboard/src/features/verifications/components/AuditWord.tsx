import { useT } from '../i18n';

/** The audit log's words for the verification decisions, from the verifications' own messages. */
export default function AuditWord({
  word,
}: {
  word: 'verification.approve' | 'verification.refuse' | 'verification';
}) {
  const t = useT();
  return <>{t(`audit.${word}`)}</>;
}
