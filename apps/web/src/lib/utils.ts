import { clsx, type ClassValue } from 'clsx';

/** Joins class names. Components avoid conflicting utilities, so no tailwind-merge pass is needed (and its ~8 kB stay out of the login page). */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
