import { api } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';
import { cleanQuery, type UserListQuery } from './list-users';

/** GET /users/export?format=&...filters: the filtered people as a download (formula cells neutralised by the server). */
export async function exportUsers(filters: UserListQuery, format: 'xlsx' | 'csv', baseName: string): Promise<void> {
  const { page: _page, pageSize: _size, ...rest } = filters;
  const res = await api.get<Blob>('/users/export', { params: { ...cleanQuery(rest), format }, responseType: 'blob' });
  saveBlob(res.data, `${baseName}.${format}`);
}
