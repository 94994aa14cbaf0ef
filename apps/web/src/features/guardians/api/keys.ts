/** Query keys of the guardians feature; every write invalidates `guardianKeys.all`. */
export const guardianKeys = {
  all: ['guardians'] as const,
  children: ['guardians', 'children'] as const,
  ofStudent: (student: string) => ['guardians', 'student', student] as const,
};
