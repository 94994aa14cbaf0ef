import type { z } from 'zod';
import type { examResponse, examsResponse } from '@crs/shared/schemas/assessment';

// Types only, inferred from the shared schemas the server validates against: zod stays out of the
// chunks that do not validate a form (decision 0017).
export type { CreateExamInput, Exam, ExamFormValues, MarkEntry, MarksGrid, Performance, UpdateExamInput } from '@crs/shared/schemas/assessment';
export type ExamList = z.infer<typeof examsResponse>;
export type ExamSaved = z.infer<typeof examResponse>;
