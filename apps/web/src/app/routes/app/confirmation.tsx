import { useEffect, useState } from 'react';
import { CircleCheck } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { REDIRECT_DELAY_MS } from '@/config/env';
import { paths } from '@/config/paths';

/** The success page: redirects to /dashboard after 5 s, or at once via the button. */
export default function ConfirmationRoute() {
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState(Math.ceil(REDIRECT_DELAY_MS / 1000));

  useEffect(() => {
    const redirect = window.setTimeout(() => navigate(paths.dashboard), REDIRECT_DELAY_MS);
    const tick = window.setInterval(() => setSecondsLeft((s) => Math.max(0, s - 1)), 1000);
    return () => {
      window.clearTimeout(redirect);
      window.clearInterval(tick);
    };
  }, [navigate]);

  return (
    <section className="flex justify-center py-16">
      <div className="max-w-md text-center">
        <CircleCheck aria-hidden="true" className="mx-auto mb-4 size-14 text-green-600 dark:text-green-400" />
        <h1 className="text-2xl font-semibold">
          Success! <span className="mt-1 block text-lg font-normal">Action completed successfully!</span>
        </h1>
        <p className="mt-4 text-sm text-muted-foreground" aria-live="polite">
          Redirecting to your dashboard in {secondsLeft} {secondsLeft === 1 ? 'second' : 'seconds'}.
        </p>
        <Button className="mt-6" onClick={() => navigate(paths.dashboard)}>
          Go to Dashboard Now
        </Button>
      </div>
    </section>
  );
}
