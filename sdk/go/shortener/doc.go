// Short links, branded domains, campaigns, channels, tracking pixels and QR codes of a link-shortening account as code, and MediaWiki query definitions checked as the wiki would.
package shortener
