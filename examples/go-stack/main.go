// A campaign, a short link in it and a QR code of the link's short URL, declared with the shortener Go SDK.
package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"

	"pulumi-shortener/sdk/go/shortener"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		declared, err := declare(ctx)
		if err != nil {
			return err
		}
		ctx.Export("shortUrl", declared.collection.ShortUrl)
		ctx.Export("qrCode", declared.landingQr.Link)
		return nil
	})
}

// stack is what the program declares, for main to export and the tests to look at.
type stack struct {
	launch     *shortener.Campaign
	collection *shortener.Link
	landingQr  *shortener.QrCode
}

func declare(ctx *pulumi.Context) (*stack, error) {
	launch, err := shortener.NewCampaign(ctx, "autumn-launch", &shortener.CampaignArgs{
		Name: pulumi.String("Autumn launch"),
	})
	if err != nil {
		return nil, err
	}
	collection, err := shortener.NewLink(ctx, "autumn-collection", &shortener.LinkArgs{
		Url:      pulumi.String("https://www.example.com/autumn"),
		Alias:    pulumi.String("autumn"),
		Campaign: launch.ID(),
	})
	if err != nil {
		return nil, err
	}
	// The QR code of the collection's short link, for the printed catalogue.
	landingQr, err := shortener.NewQrCode(ctx, "landing-page", &shortener.QrCodeArgs{
		Type: pulumi.String("link"),
		Data: collection.ShortUrl,
	})
	if err != nil {
		return nil, err
	}
	return &stack{launch: launch, collection: collection, landingQr: landingQr}, nil
}
