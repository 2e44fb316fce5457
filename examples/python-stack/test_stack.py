"""The stack under Pulumi's mocks: no engine and no service, only what the program declares and wires together.

Run with `python -m unittest` in this folder, with pulumi and pulumi_shortener installed.
"""

import unittest

import pulumi


class ServiceMocks(pulumi.runtime.Mocks):
    """Answers as the service would: a link's short URL on the service's domain, a QR code's image URL."""

    def __init__(self):
        self.declared = []

    def new_resource(self, args: pulumi.runtime.MockResourceArgs):
        self.declared.append(args.typ)
        outputs = dict(args.inputs)
        if args.typ == "shortener:index:Link":
            outputs["shortUrl"] = "https://go.example.com/" + args.inputs["alias"]
        if args.typ == "shortener:index:QrCode":
            outputs["link"] = "https://go.example.com/qr/" + args.name + ".png"
        return args.name + "-id", outputs

    def call(self, args: pulumi.runtime.MockCallArgs):
        return {}


mocks = ServiceMocks()
pulumi.runtime.set_mocks(mocks, preview=False)

import stack  # noqa: E402 (declared under the mocks)


class StackTest(unittest.TestCase):
    @pulumi.runtime.test
    def test_declares_a_campaign_a_link_and_a_qr_code(self):
        def check(_ids):
            self.assertEqual(
                sorted(mocks.declared),
                ["shortener:index:Campaign", "shortener:index:Link", "shortener:index:QrCode"],
            )

        return pulumi.Output.all(stack.launch.id, stack.collection.id, stack.landing_qr.id).apply(check)

    @pulumi.runtime.test
    def test_the_link_is_in_the_campaign(self):
        def check(values):
            campaign_id, link_campaign = values
            self.assertEqual(link_campaign, campaign_id)

        return pulumi.Output.all(stack.launch.id, stack.collection.campaign).apply(check)

    @pulumi.runtime.test
    def test_the_qr_code_holds_the_link_short_url(self):
        def check(values):
            qr_type, qr_data, short_url = values
            self.assertEqual(qr_type, "link")
            self.assertEqual(short_url, "https://go.example.com/autumn")
            self.assertEqual(qr_data, short_url)

        return pulumi.Output.all(stack.landing_qr.type, stack.landing_qr.data, stack.collection.short_url).apply(check)


if __name__ == "__main__":
    unittest.main()
