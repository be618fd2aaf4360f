# mkcv in a container, for CI systems that run containers (docs/install.md#container).
#
#   docker build -t mkcv .
#   docker run --rm -v "$PWD:/cv" -u "$(id -u):$(id -g)" mkcv            # builds ./cv.toml
#   docker run --rm -v "$PWD:/cv" -u "$(id -u):$(id -g)" mkcv check
#
# Two stages: the first builds the Debian package from this checkout with the project's own
# set-up script (the same build tools and libraries as every other build), the second is a
# plain Debian 12 with only that package installed. apt-get installs the package's Depends,
# so the image has exactly what `apt-get install ./mkcv_*.deb` gives on any Debian 12
# machine: the runtime libraries, TeX Live, latexmk and the fonts (tests/integration/
# dockerfile_test.sh checks that nothing else is installed here by hand).

FROM debian:12 AS package
WORKDIR /src
COPY . .
RUN rm -rf build \
 && MKCV_CMAKE_ARGS="-DMKCV_BUILD_TESTS=OFF -DCMAKE_BUILD_TYPE=Release" build_scripts/setup.sh \
 && cmake --build build --target package \
 && mkdir /deb && cp build/mkcv_*_amd64.deb /deb/

FROM debian:12-slim
COPY --from=package /deb/ /tmp/deb/
# fonts-noto-cjk is only a Recommends of the package; the image builds any CV, and a CJK name
# in an English CV needs it.
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends /tmp/deb/mkcv_*_amd64.deb \
    fonts-noto-cjk \
 && rm -rf /tmp/deb /var/lib/apt/lists/*
# The precompiled preambles of the built-in TeX templates, in English and Chinese, made now
# (docs/building.md#precompiled-preambles-shared-by-the-machine): a build in the container starts TeX from them
# instead of loading the packages again. As root, into a cache every user id may read and
# none may write (a cold key still gets its format in the output folder, as anywhere).
RUN mkdir -p /tmp/warm && cd /tmp/warm && HOME=/root mkcv new "Your Name" > /dev/null \
 && HOME=/root MKCV_FORMAT_CACHE=/var/cache/mkcv/formats mkcv doctor --warm --lang en,zh \
    -t long -t short -t modern -t ats -t classic -t banking -t sidebar -t awesome \
 && chmod -R a+rX,go-w /var/cache/mkcv && rm -rf /tmp/warm /root/.cache /root/.texlive*
ENV MKCV_FORMAT_CACHE=/var/cache/mkcv/formats
# Any user id may run the image (-u "$(id -u):$(id -g)", so files in /cv stay the user's):
# TeX and fontconfig write their caches under HOME, which such a user has no other of.
ENV HOME=/tmp LANG=C.UTF-8
WORKDIR /cv
ENTRYPOINT ["mkcv"]
CMD ["build"]
