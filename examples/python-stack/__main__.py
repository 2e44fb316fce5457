"""The program the Pulumi CLI runs: the stack's resources (stack.py) and what it shows of them."""

import pulumi

import stack

pulumi.export("shortUrl", stack.collection.short_url)
pulumi.export("qrCode", stack.landing_qr.link)
