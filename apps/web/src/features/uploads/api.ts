import { useQuery, useQueryClient } from '@tanstack/react-query';
import { UPLOAD_FIELDS, type UploadListItem, type UploadRecord } from '@indicata/contracts';
import { api } from '../../lib/api.ts';

export const UPLOAD_QUERY_KEYS = { list: ['uploads', 'list'] as const, one: (id: string) => ['uploads', id] as const };

/** The caller's uploads, newest first. */
export function useUploadList() {
  return useQuery({
    queryKey: UPLOAD_QUERY_KEYS.list,
    queryFn: async ({ signal }) => (await api.get<{ uploads: UploadListItem[] }>('/api/uploads', { signal })).uploads,
    staleTime: 30_000,
  });
}

/** POST /api/uploads with progress; refreshes the upload list on success. */
export function useUploadCsv() {
  const queryClient = useQueryClient();
  return async (file: File, spatialColumn: string, temporalColumn: string, onProgress: (fraction: number) => void): Promise<UploadRecord> => {
    const form = new FormData();
    form.append(UPLOAD_FIELDS.spatialColumn, spatialColumn);
    form.append(UPLOAD_FIELDS.temporalColumn, temporalColumn);
    form.append(UPLOAD_FIELDS.file, file, file.name);
    // A refused file answers 4xx and is not retried; only 5xx/408/429 are.
    const record = await api.upload<UploadRecord>('/api/uploads', form, onProgress);
    queryClient.setQueryData(UPLOAD_QUERY_KEYS.one(record.id), record);
    void queryClient.invalidateQueries({ queryKey: UPLOAD_QUERY_KEYS.list });
    return record;
  };
}
