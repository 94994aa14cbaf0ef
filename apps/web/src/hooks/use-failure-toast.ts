import { useEffect } from 'react';
import { toast } from '@/lib/toast';

/**
 * The spec's load-failure toast ('Failed to load subjects' ...) once per failure: the toast's id is
 * its text, so a retry that fails again replaces it instead of stacking a second one.
 */
export function useFailureToast(failed: boolean, message: string) {
  useEffect(() => {
    if (failed) toast.error(message, { id: message });
  }, [failed, message]);
}
