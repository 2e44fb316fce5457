// The service writes dates as "YYYY-MM-DD HH:MM:SS" (UTC here, so results do not depend on the machine).

function formatDateTime(date: Date): string {
    return date.toISOString().slice(0, 19).replace("T", " ");
}

export function datePart(dateTime: string): string {
    return dateTime.slice(0, 10);
}

export function now(): string {
    return formatDateTime(new Date());
}
