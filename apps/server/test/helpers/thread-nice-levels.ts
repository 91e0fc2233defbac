import fs from 'node:fs';

/** The nice level of every thread of this process (Linux: field 19 of /proc/self/task/<tid>/stat). */
export function threadNiceLevels(): number[] {
  return fs.readdirSync('/proc/self/task').map((tid) => {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces, inside parentheses): the 3rd field is the state.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}
