import { TeacherLibrary } from '@/features/library/components/teacher-library';

export default function TeacherLibraryRoute() {
  return <TeacherLibrary />;
}
