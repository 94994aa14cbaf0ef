import { PlacementPortal } from '@/features/placement/components/placement-portal';

export default function StudentPlacementRoute() {
  return <PlacementPortal />;
}
