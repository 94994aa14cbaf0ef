import { Navigate } from 'react-router';
import { useAuth } from '@/lib/auth';
import { dashboardFor } from '@/lib/authorization';

export default function DashboardDispatcher() {
  const { user } = useAuth();
  return <Navigate to={dashboardFor(user?.roles)} replace />;
}
