import { useRef, useState } from 'react';
import { PROFILE_MSG } from '@crs/shared/messages/profile';
import { AVATAR_ACCEPT, FILE_RULES } from '@crs/shared/schemas/files';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { displayName, useAuth } from '@/lib/auth';
import { serverMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { removeAvatar, uploadAvatar } from '../api/avatar';
import { PROFILE_TEXT } from '../texts';

/**
 * The picture with name, email and roles; 'Change picture' uploads a new one with real progress
 * (the header's avatar follows), 'Remove picture' goes back to the initials.
 */
export function AvatarCard() {
  const { user, refreshUser } = useAuth();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [removing, setRemoving] = useState(false);
  const busy = progress !== null || removing;

  async function upload(file: File) {
    if (file.size > FILE_RULES.avatar.maxBytes) {
      toast.error(PROFILE_MSG.avatarTooLarge);
      return;
    }
    setProgress(0);
    try {
      const { message } = await uploadAvatar(file, setProgress);
      await refreshUser();
      toast.success(message);
    } catch (e) {
      toast.error(serverMessage(e) ?? PROFILE_TEXT.pictureFailed);
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  }

  async function remove() {
    setRemoving(true);
    try {
      const { message } = await removeAvatar();
      await refreshUser();
      toast.success(message);
    } catch (e) {
      toast.error(serverMessage(e) ?? PROFILE_TEXT.pictureFailed);
    } finally {
      setRemoving(false);
    }
  }

  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 pt-6 text-center">
        <UserAvatar name={user?.name} src={user?.avatar} className="size-28 text-3xl" />
        <div className="min-w-0">
          <p className="text-lg font-semibold break-words">{displayName(user)}</p>
          <p className="text-sm break-all text-muted-foreground">{user?.email}</p>
          <p className="mt-1 text-sm text-muted-foreground">{user?.roles.join(', ')}</p>
        </div>
        {progress !== null ? <Progress value={progress} max={100} label={PROFILE_TEXT.uploading} className="w-full" /> : null}
        <div className="flex flex-wrap justify-center gap-2">
          <input
            ref={input}
            type="file"
            accept={AVATAR_ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-label={PROFILE_TEXT.changePicture}
            disabled={busy}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void upload(file);
            }}
          />
          <Button type="button" variant="outline" disabled={busy} onClick={() => input.current?.click()}>
            {progress !== null ? PROFILE_TEXT.uploading : PROFILE_TEXT.changePicture}
          </Button>
          {user?.avatar ? (
            <Button type="button" variant="ghost" disabled={busy} onClick={() => void remove()}>
              {PROFILE_TEXT.removePicture}
            </Button>
          ) : null}
        </div>
        <p className="text-xs text-muted-foreground">{PROFILE_TEXT.pictureHint}</p>
      </CardContent>
    </Card>
  );
}
