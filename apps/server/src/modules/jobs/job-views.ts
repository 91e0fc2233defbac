import type { JobListItem } from '@indicata/contracts';
import type { JobRow } from '../../db/schema/index.ts';

/** The list shape of a job row (GET /api/jobs and the `job` SSE event). */
export function toListItem(row: JobRow): JobListItem {
  return {
    id: row.id,
    name: row.name,
    currentTime: row.currentTime,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    database: row.data?.database ?? null,
    progress: row.progress ?? null,
    errorMessage: row.errorMessage ?? null,
  };
}
