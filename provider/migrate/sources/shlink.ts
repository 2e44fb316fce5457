// Shlink: the CSV its web client exports from the list of short URLs (short_urls.csv, shlink-web-component's
// ExportShortUrlsBtn): `createdAt,domain,shortCode,shortUrl,longUrl,title,tags,visits`, tags joined by `|`. Older
// clients leave out domain and shortCode; the short code is then the path of the short URL.
import { readCsv } from "../csv-table";
import { aliasOf, type SourceRow } from "../rows";

const COLUMNS = ["createdat", "domain", "shortcode", "shorturl", "longurl", "title", "tags", "visits"];

export function readShlink(text: string): SourceRow[] {
    return readCsv(text, { known: COLUMNS, required: ["shorturl", "longurl"] }).map(({ line, cells }) => ({
        where: `line ${line}`,
        fields: {
            url: cells.longurl,
            alias: cells.shortcode ?? (cells.shorturl === undefined ? undefined : aliasOf(cells.shorturl)),
            title: cells.title,
        },
    }));
}
