import { IDENTITY_MSG } from '@crs/shared/messages/identity';
import { MFA_TEXT } from './mfa-text';

export type TotpSetup = { secret: string; otpauthUrl: string; qrCode: string };

/** The key to put in an authenticator app: its QR code, and the same key to type in by hand. */
export function TotpSetupView({ setup }: { setup: TotpSetup }) {
  const grouped = setup.secret.replace(/(.{4})/g, '$1 ').trim();
  return (
    <div className="grid gap-3">
      <p className="text-sm">{MFA_TEXT.scan}</p>
      {/* White behind the code in both themes: scanners need dark modules on a light ground. */}
      <img src={setup.qrCode} alt={MFA_TEXT.qrAlt} width={176} height={176} className="size-44 rounded-md border bg-white p-2" />
      <div className="grid gap-1">
        <p className="text-sm text-muted-foreground" id="totp-manual-key">
          {IDENTITY_MSG.mfaManualKey}
        </p>
        <code aria-labelledby="totp-manual-key" className="w-fit max-w-full rounded-md bg-muted px-2 py-1 font-mono text-sm break-all">
          {grouped}
        </code>
      </div>
    </div>
  );
}
