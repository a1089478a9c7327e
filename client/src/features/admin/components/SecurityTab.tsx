import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TotpConfirmResult, TotpSetup } from '@gogo/shared/api';
import { adminSecurityText } from '@gogo/shared/messages';
import { QrCode } from '../../../components/QrCode';
import { adminErrorText } from '../api/http';
import { confirmTotpSetup, securityKey, startTotpSetup, useAdminSecurity } from '../api/security';
import { formatDateTime } from '../format';
import { Alert } from '../../../components/Alert';
import { CopyButton } from '../../../components/CopyButton';
import { TextField } from '../../../components/TextField';
import { useCodeSubmit } from './useCodeSubmit';
import '../security.css';

/** The Security tab: the admin's two-step sign-in (TOTP) and recovery codes. */
export function SecurityTab() {
  const client = useQueryClient();
  const status = useAdminSecurity();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  /** Right after enrolment: the codes to show once, and the status to publish once they are saved. */
  const [enrolled, setEnrolled] = useState<TotpConfirmResult | null>(null);
  const { code, setCode, error, setError, busy, setBusy, submit } = useCodeSubmit(
    async (typed) => {
      setEnrolled(await confirmTotpSetup(typed));
      setSetup(null);
    },
    (err) => adminErrorText(err, adminSecurityText.invalidCode),
  );
  const ids = { title: useId() };

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      setSetup(await startTotpSetup());
      setCode('');
    } catch (err) {
      setError(adminErrorText(err, adminSecurityText.loadFailed));
    } finally {
      setBusy(false);
    }
  };

  // The new status is published only once the codes are saved: under ADMIN_REQUIRE_2FA it opens the
  // rest of the back office, which would unmount this tab and lose the codes.
  const saved = () => {
    if (enrolled) client.setQueryData(securityKey, enrolled.status);
    setEnrolled(null);
    void client.invalidateQueries({ queryKey: ['admin'] }); // what the gate refused (403) loads now
  };

  // Shown once, right after enrolment: only their hashes are kept.
  if (enrolled) {
    return (
      <section className="admin-security" aria-labelledby={ids.title}>
        <h2 id={ids.title}>{adminSecurityText.recoveryTitle}</h2>
        <p>{adminSecurityText.recoveryIntro}</p>
        <ul className="admin-security__codes" data-testid="recovery-codes">
          {enrolled.recoveryCodes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ul>
        <button type="button" className="button button--primary" onClick={saved}>
          {adminSecurityText.recoveryDone}
        </button>
      </section>
    );
  }

  const data = status.data;
  return (
    <section className="admin-security" aria-labelledby={ids.title}>
      <h2 id={ids.title}>{adminSecurityText.title}</h2>
      {status.isError && <Alert kind="error">{adminSecurityText.loadFailed}</Alert>}
      {data && (
        <>
          <p data-testid="security-status">
            {data.enrolled ? adminSecurityText.statusOn(formatDateTime(data.enrolledAt)) : adminSecurityText.statusOff}
          </p>
          {data.enrolled && <p>{adminSecurityText.recoveryLeft(data.recoveryCodesLeft)}</p>}
          {data.required && !data.enrolled && <Alert kind="error">{adminSecurityText.required}</Alert>}
          {data.enrolled && <p className="admin-security__hint">{adminSecurityText.resetHint}</p>}
        </>
      )}
      {data && !data.enrolled && !setup && (
        <button type="button" className="button button--primary" onClick={start} disabled={busy} aria-busy={busy}>
          {busy ? adminSecurityText.starting : adminSecurityText.start}
        </button>
      )}
      {setup && (
        <div className="admin-security__setup">
          <p>{adminSecurityText.scan}</p>
          <div className="admin-security__qr">
            <QrCode value={setup.otpauthUri} label={adminSecurityText.qrAlt} />
          </div>
          <p className="admin-security__hint">{adminSecurityText.secretLabel}</p>
          <div className="admin-security__secret-row">
            <code className="admin-security__secret" data-testid="totp-secret">
              {setup.secret}
            </code>
            <CopyButton value={setup.secret} label="Copy the setup key" />
          </div>
          <form className="form admin-security__confirm" onSubmit={submit} noValidate>
            <TextField
              label={adminSecurityText.codeLabel}
              name="code"
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={12}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              disabled={busy}
            />
            <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
              {busy ? adminSecurityText.confirming : adminSecurityText.confirm}
            </button>
          </form>
        </div>
      )}
      {error && <Alert kind="error">{error}</Alert>}
    </section>
  );
}
