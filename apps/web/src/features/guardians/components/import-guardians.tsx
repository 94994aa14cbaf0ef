import { useId, useState } from 'react';
import { GUARDIANS_MSG as M } from '@crs/shared/messages/guardians';
import { GUARDIAN_IMPORT_COLUMNS } from '@crs/shared/schemas/guardians';
import { ImportDialog } from '@/components/import/import-dialog';
import { importUploader } from '@/components/import/upload';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { guardianKeys } from '../api/keys';

const importGuardians = importUploader('/guardians/import');
const INVALIDATES = [guardianKeys.all] as const;

/** The Admin's import of guardian links (issue 30): guardian email, name, student ID, relation, on the one import pipeline. */
export function ImportGuardiansCard() {
  const titleId = useId();
  const [open, setOpen] = useState(false);
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{M.guardianImportTitle}</CardTitle>
        <CardDescription>{M.guardianImportDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={() => setOpen(true)}>
          {M.guardianImportButton}
        </Button>
        <ImportDialog
          open={open}
          onOpenChange={setOpen}
          title={M.guardianImportTitle}
          description={M.guardianImportDescription}
          columns={GUARDIAN_IMPORT_COLUMNS}
          upload={importGuardians}
          invalidate={INVALIDATES}
          fileBase="guardians"
        />
      </CardContent>
    </Card>
  );
}
