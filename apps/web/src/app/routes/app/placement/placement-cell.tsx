import { PlacementCell } from '@/features/placement/components/placement-cell';

export default function PlacementCellRoute() {
  return <PlacementCell />;
}
