/** The password rule of the console spec (part 1 §5): 8 to 50 characters with an uppercase, a lowercase, a digit and a symbol, no white space. */
export function isValidPassword(password: string): boolean {
  return (
    password.length >= 8 &&
    password.length <= 50 &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    /[0-9]/.test(password) &&
    /[^A-Za-z0-9\s]/.test(password) &&
    !/\s/.test(password)
  );
}
