import type { ReactNode } from 'react';
import { EXAM_KIND_LABELS } from '@crs/shared/constants/assessment';
import type { Deadline } from '@/components/ui/deadline-list';
import { formatDate } from '@/lib/format-date';
import type { UpcomingExam } from '../api/get-upcoming-exams';

/** Upcoming exams as rows of a deadline list (the student's and the guardian's dashboards), each with `tag`. */
export function examDeadlines(exams: readonly UpcomingExam[] | undefined, tag: ReactNode): Deadline[] {
  return (exams ?? []).map((e) => ({
    key: `exam-${e._id}`,
    at: Date.parse(`${e.date}T00:00:00`),
    when: formatDate(e.date),
    title: `${e.subjectCode} · ${e.name}`,
    detail: `${e.subjectName} · ${EXAM_KIND_LABELS[e.kind]} · ${e.maxMarks} marks`,
    tag,
  }));
}
