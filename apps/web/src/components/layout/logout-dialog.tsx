import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';

/** 'Confirm Logout' (spec section 2): busy 'Processing...', closes when the attempt finishes (success or not), then /login replacing history. */
export function LogoutDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Confirm Logout"
      description="Are you sure you want to log out? You will need to sign in again to access your account."
      confirmLabel="Yes, Logout"
      destructive
      onConfirm={async () => {
        // A failed logout still ends the session here: the tokens are gone either way.
        await logout().catch(() => undefined);
        navigate(paths.login, { replace: true });
      }}
    />
  );
}
