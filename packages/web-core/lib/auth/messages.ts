import { errorMessage, serverErrorText } from '../api/base-query.ts';

/** The toast of a failed login (spec §8): wrong credentials when the error mentions 401, otherwise a generic text. */
export function loginFailureToast(error: unknown): { title: string; description: string } {
  const message = errorMessage(error);
  return { title: 'Login Failed', description: message.includes('401') ? 'Invalid username or password' : 'Login failed. Please try again.' };
}

/**
 * The toast of a failed registration (spec §8), chosen by whether the server error mentions the username or the
 * e-mail (identity answers 409 `{ error: 'Username already exists', code: 'username_taken' }` or
 * `{ error: 'Email already registered', code: 'email_taken' }`).
 */
export function registrationFailureToast(error: unknown): { title: string; description: string } {
  const text = `${serverErrorText(error) ?? ''} ${errorMessage(error)}`.toLowerCase();
  const conflict = text.includes('409') || text.includes('already') || text.includes('taken');
  if (conflict && text.includes('username')) return { title: 'Registration Failed', description: 'This username is already taken. Please choose another.' };
  if (conflict && text.includes('email')) return { title: 'Registration Failed', description: 'This email is already registered. Please use a different email.' };
  return { title: 'Registration Failed', description: 'Registration failed. Please try again.' };
}
