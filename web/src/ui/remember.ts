// A setup page's last choice, kept in localStorage so the next visit starts from it.

export function rememberChoice(key: string, choice: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(choice));
  } catch {
    // storage blocked: not remembered, the game still starts
  }
}
