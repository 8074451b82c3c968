/**
 * A moment as the customer reads it: Indian date and time, said to be Indian, "21 Nov 2026,
 * 11:30 am IST" (a device abroad would otherwise read as if its own clock were shown).
 */
export function formatWhen(iso: string): string {
  return new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Asia/Kolkata',
    timeZoneName: 'short',
  }).format(new Date(iso));
}

/**
 * Where a device signed in from: a region the server could name from the browser's clock ("from
 * India"), else nothing. A bare UTC offset beside times in IST read like a contradiction
 * ("in time zone UTC+00:00").
 */
export function placePhrase(place: string | null): string {
  return place && !place.startsWith('UTC') ? ` from ${place}` : '';
}
