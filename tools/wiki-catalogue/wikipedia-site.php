<?php
// Writes English Wikipedia's site data (the "site" of wikipedia-site.json) as meta=siteinfo would give it, from the
// sources wikipedia-site.json names, checked out at the commits it names:
//   php wikipedia-site.php CONFIG MEDIAWIKI EXTENSIONS > site.json
// CONFIG is operations/mediawiki-config, MEDIAWIKI a MediaWiki core (its SiteConfiguration.php and MessagesEn.php),
// EXTENSIONS a folder holding the Scribunto, CampaignEvents and TimedMediaHandler extensions. The settings are resolved
// for enwiki by MediaWiki's own SiteConfiguration, with the tags of the dblists that list enwiki, as WMF resolves them.
[ , $config, $core, $extensions ] = $argv + [ null, null, null, null ];
if ( $extensions === null ) {
	fwrite( STDERR, "usage: php wikipedia-site.php CONFIG MEDIAWIKI EXTENSIONS\n" );
	exit( 2 );
}
const WIKI = 'enwiki';
const CORE_NAMESPACES = [ 'NS_MEDIA' => -2, 'NS_SPECIAL' => -1, 'NS_MAIN' => 0, 'NS_TALK' => 1, 'NS_USER' => 2,
	'NS_USER_TALK' => 3, 'NS_PROJECT' => 4, 'NS_PROJECT_TALK' => 5, 'NS_FILE' => 6, 'NS_FILE_TALK' => 7,
	'NS_MEDIAWIKI' => 8, 'NS_MEDIAWIKI_TALK' => 9, 'NS_TEMPLATE' => 10, 'NS_TEMPLATE_TALK' => 11, 'NS_HELP' => 12,
	'NS_HELP_TALK' => 13, 'NS_CATEGORY' => 14, 'NS_CATEGORY_TALK' => 15 ];
foreach ( CORE_NAMESPACES as $constant => $id ) {
	define( $constant, $id );
}

/** A settings file; constants of settings not read here (user-right conditions and the like) stand as placeholders. */
function loadSettings( string $file ): array {
	for ( $attempt = 0; $attempt < 500; $attempt++ ) {
		try {
			return require $file;
		} catch ( Error $error ) {
			if ( !preg_match( '/Undefined constant "([^"]+)"/', $error->getMessage(), $match ) ) {
				throw $error;
			}
			define( $match[1], "placeholder:{$match[1]}" );
		}
	}
	throw new RuntimeException( "$file: too many undefined constants" );
}

/** The settings of enwiki, resolved with the tags of every dblist that lists it. */
function enwikiSettings( string $config, string $core ): callable {
	require "$core/includes/config/SiteConfiguration.php";
	$site = new MediaWiki\Config\SiteConfiguration();
	$site->settings = array_merge( loadSettings( "$config/wmf-config/core-Namespaces.php" ),
		loadSettings( "$config/wmf-config/InitialiseSettings.php" ) );
	$site->suffixes = [ 'wiki' ];
	$site->wikis = [ WIKI ];
	$tags = [];
	foreach ( glob( "$config/dblists/*.dblist" ) as $list ) {
		if ( in_array( WIKI, file( $list, FILE_IGNORE_NEW_LINES ), true ) ) {
			$tags[] = basename( $list, '.dblist' );
		}
	}
	$params = [ 'lang' => 'en', 'site' => 'wikipedia', 'wiki' => WIKI ];
	return static fn ( string $name ) => $site->get( $name, WIKI, 'wiki', $params, $tags );
}

/** A PHP i18n file's $namespaceNames and $namespaceAliases for English. */
function englishNamespaceFile( string $file ): array {
	$namespaceNames = [];
	$namespaceAliases = [];
	require $file;
	return [ $namespaceNames['en'] ?? [], $namespaceAliases['en'] ?? [] ];
}

/** Canonical names of the namespaces the extensions loaded on enwiki register (their extension.json "namespaces",
 *  TimedMediaHandler's from its CanonicalNamespaces hook with its TimedTextNS default). */
function extensionNamespaces( string $extensions, callable $setting ): array {
	$canonical = [];
	foreach ( [ 'Scribunto' => 'wmgUseScribunto', 'CampaignEvents' => 'wmgUseCampaignEvents' ] as $name => $use ) {
		if ( !$setting( $use ) ) {
			continue;
		}
		$json = json_decode( file_get_contents( "$extensions/$name/extension.json" ), true );
		foreach ( $json['namespaces'] as $namespace ) {
			define( $namespace['constant'], $namespace['id'] );
			$canonical[$namespace['id']] = $namespace['name'];
		}
	}
	if ( $setting( 'wmgUseTimedMediaHandler' ) ) {
		$json = json_decode( file_get_contents( "$extensions/TimedMediaHandler/extension.json" ), true );
		$timedText = $json['config']['TimedTextNS']['value'];
		$canonical[$timedText] = 'TimedText';
		$canonical[$timedText + 1] = 'TimedText_talk';
	}
	return $canonical;
}

/** Language::getNamespaces and ApiQuerySiteinfo::appendNamespaces/appendNamespaceAliases for English. */
function namespaceData( callable $setting, string $core, string $extensions ): array {
	$extra = $setting( 'wgExtraNamespaces' ) ?? [];
	[ $messagesNames, $messagesAliases ] = ( static function ( string $file ) {
		require $file;
		return [ $namespaceNames, $namespaceAliases ];
	} )( "$core/languages/messages/MessagesEn.php" );
	$canonical = array_replace( $messagesNames, [ NS_PROJECT => 'Project', NS_PROJECT_TALK => 'Project_talk' ],
		extensionNamespaces( $extensions, $setting ), $extra );
	$localised = $messagesNames;
	$aliases = $messagesAliases;
	foreach ( [ 'Scribunto/Scribunto.namespaces.php', 'CampaignEvents/CampaignEvents.namespaces.php' ] as $file ) {
		[ $names, $more ] = englishNamespaceFile( "$extensions/$file" );
		$localised = $names + $localised;
		$aliases += $more;
	}
	$names = $extra + $localised + $canonical;
	$names[NS_PROJECT] = $setting( 'wgMetaNamespace' );
	$names[NS_PROJECT_TALK] = $setting( 'wgMetaNamespaceTalk' ) ?: str_replace( '$1', $names[NS_PROJECT], $names[NS_PROJECT_TALK] );
	$names = array_intersect_key( $names, $canonical );
	ksort( $names );
	$aliases = ( $setting( 'wgNamespaceAliases' ) ?? [] ) + $aliases;
	return [ $names, $canonical, $aliases ];
}

function siteNamespaces( callable $setting, string $core, string $extensions ): array {
	[ $names, $canonical, $aliases ] = namespaceData( $setting, $core, $extensions );
	$overrides = $setting( 'wgCapitalLinkOverrides' ) ?? [];
	$spaced = static fn ( string $name ) => strtr( $name, '_', ' ' );
	$namespaces = [];
	foreach ( $names as $id => $name ) {
		$capitalised = in_array( $id, [ NS_SPECIAL, NS_USER, NS_MEDIAWIKI ], true ) || ( $overrides[$id] ?? $setting( 'wgCapitalLinks' ) );
		$namespaces[] = [ 'id' => $id, 'name' => $spaced( $name ), 'canonical' => $spaced( $canonical[$id] ),
			'case' => $capitalised ? 'first-letter' : 'case-sensitive' ];
	}
	$namespaceAliases = [];
	foreach ( $aliases as $alias => $id ) {
		if ( $names[$id] !== $alias ) {
			$namespaceAliases[] = [ 'id' => $id, 'alias' => $spaced( $alias ) ];
		}
	}
	usort( $namespaceAliases, static fn ( $a, $b ) => [ $a['id'], $a['alias'] ] <=> [ $b['id'], $b['alias'] ] );
	return [ $namespaces, $namespaceAliases ];
}

/** ClassicInterwikiLookup::getAllPrefixesPregenerated with $wgInterwikiScopes 3: global, then the site's, then the
 *  wiki's own prefixes; localinterwiki as ApiQuerySiteinfo::appendInterwikiMap says it; URLs expanded for https. */
function interwikiMap( string $config, callable $setting ): array {
	$data = require "$config/wmf-config/interwiki.php";
	$rows = [];
	foreach ( [ '__global', '_' . $data['__sites:' . WIKI], WIKI ] as $source ) {
		foreach ( explode( ' ', $data["__list:$source"] ?? '' ) as $prefix ) {
			if ( isset( $data["$source:$prefix"] ) ) {
				$rows[$prefix] = explode( ' ', $data["$source:$prefix"], 2 )[1];
			}
		}
	}
	$local = $setting( 'wgLocalInterwikis' );
	ksort( $rows, SORT_STRING );
	$map = [];
	foreach ( $rows as $prefix => $url ) {
		$map[] = [ 'prefix' => (string)$prefix, 'url' => str_starts_with( $url, '//' ) ? "https:$url" : $url,
			'local' => in_array( (string)$prefix, $local, true ) ];
	}
	return $map;
}

$setting = enwikiSettings( $config, $core );
[ $namespaces, $namespaceAliases ] = siteNamespaces( $setting, $core, $extensions );
echo json_encode( [ 'namespaces' => $namespaces, 'namespaceAliases' => $namespaceAliases,
	'interwiki' => interwikiMap( $config, $setting ) ], JSON_PRETTY_PRINT | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES ), "\n";
