const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The spec's stored timestamp: local time as 'YYYY-MM-DD HH:mm:ss.SSS'. */
export function localTimestamp(date: Date = new Date()): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`
  );
}
