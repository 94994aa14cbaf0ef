import { AccessDenied } from '@/components/layout/access-denied';

/** /forbidden and /unauthorized (a 403 from any call lands here) show the same page. */
export default function AccessDeniedRoute() {
  return <AccessDenied standalone />;
}
