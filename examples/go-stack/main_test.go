// The stack under Pulumi's mocks: no engine and no service, only what the program declares and wires together.
package main

import (
	"slices"
	"sync"
	"testing"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

// serviceMocks answers as the service would: a link's short URL on the service's domain, a QR code's image URL.
type serviceMocks struct {
	mu       sync.Mutex
	declared []string
}

func (m *serviceMocks) NewResource(args pulumi.MockResourceArgs) (string, resource.PropertyMap, error) {
	m.mu.Lock()
	m.declared = append(m.declared, args.TypeToken)
	m.mu.Unlock()
	outputs := args.Inputs.Copy()
	switch args.TypeToken {
	case "shortener:index:Link":
		outputs["shortUrl"] = resource.NewStringProperty("https://go.example.com/" + args.Inputs["alias"].StringValue())
	case "shortener:index:QrCode":
		outputs["link"] = resource.NewStringProperty("https://go.example.com/qr/" + args.Name + ".png")
	}
	return args.Name + "-id", outputs, nil
}

func (m *serviceMocks) Call(pulumi.MockCallArgs) (resource.PropertyMap, error) {
	return resource.PropertyMap{}, nil
}

func TestTheStackWiresALinkInACampaignAndAQrCodeOfItsShortUrl(t *testing.T) {
	mocks := &serviceMocks{}
	err := pulumi.RunErr(func(ctx *pulumi.Context) error {
		declared, err := declare(ctx)
		if err != nil {
			return err
		}
		var checked sync.WaitGroup
		checked.Add(2)
		pulumi.All(declared.launch.ID(), declared.collection.Campaign).ApplyT(func(values []any) error {
			defer checked.Done()
			if campaign, inCampaign := values[0].(pulumi.ID), values[1]; inCampaign != string(campaign) {
				t.Errorf("the link is in the campaign %v, not in the campaign %q", inCampaign, campaign)
			}
			return nil
		})
		pulumi.All(declared.landingQr.Type, declared.landingQr.Data, declared.collection.ShortUrl).ApplyT(
			func(values []any) error {
				defer checked.Done()
				qrType, data, shortURL := values[0].(*string), values[1], values[2].(string)
				if qrType == nil || *qrType != "link" {
					t.Errorf("the QR code's type is %v, want link", qrType)
				}
				if data != shortURL {
					t.Errorf("the QR code holds %v, not the link's short URL %q", data, shortURL)
				}
				if shortURL != "https://go.example.com/autumn" {
					t.Errorf("the link's short URL is %q, want the service's for the alias autumn", shortURL)
				}
				return nil
			})
		checked.Wait()
		return nil
	}, pulumi.WithMocks("go-stack", "test", mocks))
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(mocks.declared)
	want := []string{"shortener:index:Campaign", "shortener:index:Link", "shortener:index:QrCode"}
	if !slices.Equal(mocks.declared, want) {
		t.Errorf("declared %v, want %v", mocks.declared, want)
	}
}
