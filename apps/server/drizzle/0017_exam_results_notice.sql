-- Issue 25 item 3: publishing an exam's marks posts a notice to its section's students (their header
-- bell); withdrawing the marks removes it. The exam keeps that notice's id. No foreign key, as the
-- notices' own audience lists (decision 0028): a notice deleted on the board leaves a dangling id
-- that the next withdrawal simply does not find.
ALTER TABLE "exams" ADD COLUMN "results_notice_id" uuid;
