"""A campaign, a short link in it and a QR code of the link's short URL."""

import pulumi_shortener as shortener

launch = shortener.Campaign("autumn-launch", name="Autumn launch")

collection = shortener.Link(
    "autumn-collection",
    url="https://www.example.com/autumn",
    alias="autumn",
    campaign=launch.id,
)

# The QR code of the collection's short link, for the printed catalogue.
landing_qr = shortener.QrCode("landing-page", type="link", data=collection.short_url)
