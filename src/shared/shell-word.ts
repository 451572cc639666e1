// A value as the user would type it back in a POSIX shell, for the commands that messages suggest: left bare when
// it has no character a shell reads, else single-quoted.

export function shellWord(text: string): string {
  return /^[\w.@%+=:,/-]+$/.test(text) ? text : `'${text.replace(/'/g, "'\\''")}'`;
}
